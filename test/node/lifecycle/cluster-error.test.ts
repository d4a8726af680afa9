import { describe, expect, it } from 'vitest'
import { ApiException } from '@kubernetes/client-node'
import {
  apiFailure,
  describeApiError,
  ClusterError,
  explainClusterError,
  isTransient,
} from '../../../packages/crdconv/src/cluster-client/cluster-error.ts'

const target = { server: 'https://10.0.0.1:6443', contextName: 'prod' }
const forbidden = new ApiException(
  403,
  'Forbidden',
  JSON.stringify({
    kind: 'Status',
    message:
      'crontabs.example.com "a" is forbidden: User "alice" cannot update resource "crontabs"',
  }),
  {}
)

describe('apiFailure', () => {
  it('reads the code, the Status message and Retry-After of a client error', () => {
    const busy = new ApiException(429, 'Too Many Requests', '{"message":"slow down"}', {
      'retry-after': '2',
    })
    expect(apiFailure(busy)).toEqual({ code: 429, message: 'slow down', retryAfter: 2 })
  })

  it('answers undefined for an error that carries no HTTP status', () => {
    expect(apiFailure(new Error('boom'))).toBeUndefined()
  })
})

describe('describeApiError', () => {
  const webhookMessage =
    'conversion webhook for example.com/v1beta1, Kind=CronTab failed: default/stuck-1: cannot convert v1beta1 to v1'
  const failed = new ApiException(
    500,
    'Unknown API Status Code!',
    JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      message: webhookMessage,
    }),
    { 'content-type': 'application/json', 'audit-id': 'x' }
  )

  it('gives the Status message a webhook failure carries, in one line, not the library’s dump', () => {
    expect(failed.message).toContain('HTTP-Code: 500')
    const said = describeApiError(failed)
    expect(said).toBe(`the API server answered HTTP 500: ${webhookMessage}`)
    expect(said).not.toMatch(/HTTP-Code|Unknown API Status Code|Headers|audit-id|\n/)
  })

  it('gives the HTTP status alone when the body holds no message', () => {
    expect(describeApiError(new ApiException(502, 'Bad Gateway', '', {}))).toBe(
      'the API server answered HTTP 502'
    )
  })

  it('names a connection that failed, and answers undefined for any other error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    expect(describeApiError(refused)).toBe('the API server did not answer (ECONNREFUSED)')
    expect(describeApiError(new Error('boom'))).toBeUndefined()
  })
})

describe('isTransient', () => {
  it.each([
    [429, true],
    [500, true],
    [503, true],
    [409, false],
    [403, false],
  ])('treats HTTP %i as transient: %s', (code, transient) => {
    expect(isTransient(new ApiException(code, '', '{}', {}))).toBe(transient)
  })
})

describe('explainClusterError', () => {
  it('names the verb, the resource and the context RBAC refuses', () => {
    const explained = explainClusterError(
      forbidden,
      { verb: 'update', resource: 'crontabs.example.com', name: 'a' },
      target
    )
    expect(explained).toBeInstanceOf(ClusterError)
    expect((explained as Error).message).toContain(
      'RBAC forbids update on crontabs.example.com for context prod'
    )
  })

  it('says the API server cannot be reached, naming it and the context', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    const explained = explainClusterError(refused, { verb: 'list', resource: 'crontabs' }, target)
    expect((explained as Error).message).toBe(
      'cannot reach the API server at https://10.0.0.1:6443 (context prod) (ECONNREFUSED) to list crontabs: is the cluster running, and is --context the right one?'
    )
  })

  it('names the pod’s service account, its token file and the fix for a refused token', () => {
    const inPod = { ...target, serviceAccount: { name: undefined, tokenFile: '/sa/token' } }
    const unauthorized = new ApiException(401, 'Unauthorized', '{"message":"Unauthorized"}', {})
    const explained = explainClusterError(
      unauthorized,
      { verb: 'list', resource: 'crontabs' },
      inPod
    )
    expect((explained as Error).message).toBe(
      "the API server at https://10.0.0.1:6443 (context prod) refused the token of the pod's service account (/sa/token) for list crontabs: " +
        "the token expired, was made for another audience or outlived its service account; check the pod's serviceAccountName and its mounted token"
    )
  })

  it('passes anything else through unchanged', () => {
    const conflict = new ApiException(409, 'Conflict', '{}', {})
    expect(explainClusterError(conflict, { verb: 'update', resource: 'x' }, target)).toBe(conflict)
  })
})
