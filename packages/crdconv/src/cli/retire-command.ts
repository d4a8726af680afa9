import type { Command } from 'commander'
import { retiredCrds, unretiredVersions } from '../lifecycle/index.ts'
import { retiredXrdManifest, xrdsInScheme } from '../xrd/index.ts'
import { EXIT, UsageError, warn, formatObjects, type OutputFormat } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import { outputOption } from './output-option.ts'
import { addSchemeOptions, loadSelectedResources } from './load-scheme.ts'
import {
  addStoredVersionsOption,
  refuseDroppedStoredVersions,
  type StoredVersionsOptions,
} from './stored-versions-guard.ts'

export function registerRetireCommand(program: Command, context: CommandContext): void {
  const command = addSchemeOptions(
    program
      .command('retire')
      .description(
        'print the CRD of a scheme left with one version, conversion.strategy None (an XRD without spec.conversion): the webhook is no longer needed'
      )
  ).addOption(outputOption('yaml'))
  addStoredVersionsOption(command)
    .addHelpText(
      'after',
      `
The last step of the version lifecycle: after crdconv migrate has set status.storedVersions to
the storage version alone and the old versions are no longer served, remove them from the
scheme and print the CRD without its webhook. Once it is applied, the API server never calls the
webhook again, and its deployment can be deleted; crdconv migrate --clean then removes the
conversion state (crdconv's stash, an earlier webhook's annotations) from the stored objects. For
an XRD's resources it prints the XRD without spec.conversion (the v1 XRD API refuses strategy
None), never the CRDs Crossplane renders: Crossplane renders None into them.

Before printing, it reads the cluster the way kubectl does (--kubeconfig, --context, else
KUBECONFIG, ~/.kube/config and the current context) and refuses while the live CRD's
status.storedVersions or objects' managedFields still name a version it drops. A configured
cluster that cannot be read is an error; with no kubeconfig at all, or with --offline, it says on
stderr in one line that no cluster was checked.

Examples:
  crdconv retire --scheme ./src/scheme.ts --context prod | kubectl --context prod apply -f -

Exit codes: 0 printed; 1 a schema cannot be said as a structural CRD; 2 bad usage, a resource
with more than one version, one whose stored versions the CRD would drop, a version objects'
managedFields still name, or a configured cluster that cannot be read (nothing printed).`
    )
    .action(async (options: RetireOptions) => {
      context.exitCode = await printRetiredCrds(context, options)
    })
}

interface RetireOptions extends StoredVersionsOptions {
  scheme?: string
  resource?: string
  output: OutputFormat
}

async function printRetiredCrds(context: CommandContext, options: RetireOptions): Promise<number> {
  const { io } = context
  const resources = await loadSelectedResources(options, io.cwd)
  const unretired = unretiredVersions(resources)
  if (unretired.length > 0) {
    throw new UsageError('nothing-to-retire', `nothing to retire:\n  - ${unretired.join('\n  - ')}`)
  }
  await refuseDroppedStoredVersions(resources, options, io)
  // an XRD's CRDs are Crossplane's: the XRD loses its stanza, and Crossplane renders None
  const { xrds, others } = xrdsInScheme(resources)
  const retiredXrds = xrds.map((xrd) => retiredXrdManifest(xrd))
  const retired = retiredCrds(others)
  const { crds } = retired
  const problems = [...retiredXrds.flatMap((built) => built.problems), ...retired.problems]
  if (problems.length > 0) {
    io.stderr(`crdconv: no CRD printed:\n  - ${problems.join('\n  - ')}\n`)
    return EXIT.problem
  }
  context.printDocument(
    formatObjects([...retiredXrds.map((built) => built.xrd), ...crds], options.output)
  )
  if (crds.length > 0) {
    warn(
      io,
      'apply this CRD (kubectl apply -f -); once it is applied the API server no longer calls the conversion webhook, and its deployment can be deleted; crdconv migrate --clean then takes the conversion state off the stored objects'
    )
  }
  for (const xrd of xrds) {
    warn(
      io,
      `apply the XRD ${xrd.name} without spec.conversion (kubectl apply -f -), and ship it in the package that carries it, if one does: Crossplane then renders strategy None into ${xrd.claim === undefined ? 'its CRD' : 'the composite resource and claim CRDs'} (the v1 XRD API refuses strategy None itself), the API server no longer calls the conversion webhook, and its deployment can be deleted`
    )
  }
  return EXIT.ok
}
