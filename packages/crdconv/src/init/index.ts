/** `crdconv init`: the files of a new webhook project, from its answers. */
export {
  AWS_DEPLOYS,
  awsProblem,
  checkAnswers,
  deploysWith,
  groupProblem,
  kindProblem,
  parseVersions,
  SCOPES,
  type AwsDeploy,
  type InitAnswers,
  type InitOptions,
  type Scope,
} from './init-options.ts'
export { ALERT_RULES, ALERTS_FILE, alertsYaml, type AlertRule } from './monitoring-files.ts'
export {
  DASHBOARD_FILE,
  DASHBOARD_PANELS,
  dashboardJson,
  grafanaDashboard,
  type DashboardPanel,
  type DashboardQuery,
} from './grafana-dashboard.ts'
export { fromPackedFolder, packedTarballNames } from './packed-packages.ts'
export { npmPackageName, projectFiles, type ProjectFiles } from './project-files.ts'
export {
  descriptionsModule,
  PROJECT_SCHEME,
  resourceIdentifiers,
  schemeSource,
} from './scheme-template.ts'
export {
  toolVersions,
  VITEST_PLUGIN,
  VITEST_POOL_WORKERS_FOR_NODE_20,
  WRANGLER_FOR_NODE_20,
  WRANGLER_FOR_NODE_22,
  type ToolVersions,
} from './tool-versions.ts'
export { DirectoryNotEmptyError, writeProject } from './write-project.ts'
