/**
 * crdconv: conversion webhooks for Kubernetes CustomResourceDefinitions.
 * Platform-free API; the Node server is at `crdconv/node`.
 * @module
 */
export {
  ConversionError,
  createScheme,
  defineResource,
  describeObject,
  isConversionError,
  isPlainObject,
  parseApiVersion,
  restoreStashedFields,
  SchemeError,
  stashAnnotationKey,
  stashFields,
  type StashOptions,
  type Unstashed,
  type ConversionContext,
  type ConversionFailure,
  type KubeObject,
  type ObjectConversion,
  type ObjectMeta,
  type PrinterColumn,
  type Resource,
  type ResourceDefinition,
  type ResourceNames,
  type ScaleSubresource,
  type Scheme,
  type Subresources,
  type VersionDefinition,
} from './scheme/index.ts'
export { integerAsBigInt, jsonInteger, parseJson, stringifyJson } from './json/index.ts'
export {
  answerReview,
  checkConversionAnswer,
  convertChecked,
  describeProblem,
  reviewConversion,
  type AnswerViolation,
  type CheckedConversion,
  type ConversionProblem,
  type ConversionReviewResponse,
  type ReviewAnswer,
  type ReviewLimits,
  type ReviewOutcome,
  type ReviewSummary,
} from './review/index.ts'
export {
  createApp,
  readSettings,
  type AppOptions,
  type ReviewLogEntry,
  type WebhookSettings,
} from './http/index.ts'
export {
  buildCustomResourceDefinition,
  checkResource,
  checkWebhookUrl,
  crdKeywords,
  sortByVersionPriority,
  structuralViolations,
  toCrdSchema,
  type CheckItem,
  type CrdBuild,
  type CrdOptions,
  type CrdSchema,
  type CustomResourceDefinition,
} from './crd/index.ts'
