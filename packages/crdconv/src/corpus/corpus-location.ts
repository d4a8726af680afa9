// Where a project keeps its corpus, and where each recorded object goes in it.
import { join, resolve } from 'node:path'
import { projectSettings } from '../command-io/index.ts'

/** The corpus folder when the project names none: `corpus/` at the project's root. */
export const DEFAULT_CORPUS_FOLDER = 'corpus'

/**
 * The project's corpus folder: package.json's `"crdconv": { "corpus": … }`, else `corpus/`, at
 * `projectRoot`. What `crdconv record` writes to and the kit and `check` read by default.
 *
 * @example
 * defaultCorpusDirectory('/work/crontab-webhook') // '/work/crontab-webhook/corpus'
 */
export function defaultCorpusDirectory(projectRoot: string): string {
  return resolve(projectRoot, projectSettings(projectRoot).corpus ?? DEFAULT_CORPUS_FOLDER)
}

/** Where one recorded object is kept, from its CRD, namespace, name and version. */
export interface CorpusPlace {
  /** The CRD's name, `plural.group`. */
  readonly crd: string
  /** `undefined` for a cluster-scoped object. */
  readonly namespace?: string
  readonly name: string
  readonly version: string
}

/**
 * The file of one recorded object, relative to the corpus folder:
 * `<plural>.<group>/<namespace>/<name>.<version>.yaml`, cluster-scoped objects one folder up.
 *
 * @example
 * corpusFile({ crd: 'crontabs.example.com', namespace: 'default', name: 'a', version: 'v1' })
 * // 'crontabs.example.com/default/a.v1.yaml'
 */
export function corpusFile(place: CorpusPlace): string {
  const file = `${place.name}.${place.version}.yaml`
  return place.namespace === undefined
    ? join(place.crd, file)
    : join(place.crd, place.namespace, file)
}
