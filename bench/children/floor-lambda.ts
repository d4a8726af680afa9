// The floor of bench/floor-webhook.ts behind hono/aws-lambda, logging as crdconv's Lambda
// handler does, bundled like crdconv's Lambda entry.
import { handle } from 'hono/aws-lambda'
import { floorApp } from '../floor-webhook.ts'

export const handler = handle(floorApp((line) => console.log(line)))
