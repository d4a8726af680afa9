import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { exampleScheme } from '../../../examples/index.ts'
import { answerReview } from '../../../packages/webhook/src/review/index.ts'

// a user's own locale, as `z.config(z.locales.de())` would set it
const userLocale: z.core.$ZodErrorMap = () => 'vom Benutzer'

afterEach(() => {
  z.config({ localeError: undefined })
})

describe("zod's global config", () => {
  it('stays the user’s after crdconv describes a bad review, and the 400 is still in English', () => {
    z.config({ localeError: userLocale })
    const answer = answerReview(JSON.stringify({ kind: 'ConversionReview' }), exampleScheme)
    expect(answer.status).toBe(400)
    expect(answer.json).toMatch(/expected|Invalid/)
    expect(answer.json).not.toContain('vom Benutzer')
    expect(z.config().localeError).toBe(userLocale)
    expect(z.string().safeParse(1).error?.issues[0]?.message).toBe('vom Benutzer')
  })
})
