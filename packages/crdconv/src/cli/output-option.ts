import { Option } from 'commander'
import type { OutputFormat } from '../command-io/index.ts'

/** The `-o yaml|json` option every command that prints manifests shares. */
export function outputOption(defaultFormat?: OutputFormat): Option {
  const option = new Option('-o, --output <format>', 'output format').choices(['yaml', 'json'])
  return defaultFormat === undefined ? option : option.default(defaultFormat)
}
