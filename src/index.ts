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
  parseApiVersion,
  SchemeError,
  type ConversionContext,
  type ConversionFailure,
  type KubeObject,
  type ObjectConversion,
  type ObjectMeta,
  type Resource,
  type ResourceDefinition,
  type Scheme,
  type VersionDefinition,
} from './scheme/index.ts'
export {
  checkConversionAnswer,
  reviewConversion,
  type AnswerViolation,
  type ConversionReviewResponse,
  type ReviewOutcome,
  type ReviewSummary,
} from './review/index.ts'
export { createApp, type AppOptions, type ReviewLogEntry } from './http/index.ts'
