/** The JSON codec: int64-lossless parse and stringify, depth checks, equality and differences.
 * @module
 */
export { jsonCopy } from './json-copy.ts'
export { integerAsBigInt, jsonInteger } from './json-integer.ts'
export {
  JsonIntegerTooLongError,
  MAX_INTEGER_DIGITS,
  parseJson,
  parseJsonLossless,
  type ParseJsonOptions,
} from './lossless-parse.ts'
export { stringifyJson, stringifyJsonLossless } from './lossless-stringify.ts'
export { nestingDepthExceeds, nestingDepthExceedsBeside } from './nesting-depth.ts'
export {
  describeDifference,
  jsonDifferences,
  jsonDifferencesAt,
  showValue,
  type JsonDifference,
  type JsonDifferenceAt,
  type JsonDifferenceOptions,
} from './json-difference.ts'
export { isPlainObject } from './plain-object.ts'
export { sameJson } from './same-json.ts'
