export { integerAsBigInt, jsonInteger } from './json-integer.ts'
export { parseJson, parseJsonLossless } from './lossless-parse.ts'
export { stringifyJson, stringifyJsonLossless } from './lossless-stringify.ts'
export { nestingDepthExceeds } from './nesting-depth.ts'
