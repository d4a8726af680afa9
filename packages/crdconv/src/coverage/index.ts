/** `crdconv coverage`: what becomes of every field along the converters, resource by resource. */
export {
  coverageOfResources,
  type CoverageKit,
  type CoverageSelection,
  type ResourcesCoverage,
} from './resources-coverage.ts'
