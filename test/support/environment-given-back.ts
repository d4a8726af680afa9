// vitest's setupFiles for the `unit` project, whose files share one process per worker
// (isolate: false): a file that leaves process.env changed runs the next file of its worker in
// another environment (an entry read at import opened without a token), so it fails here, naming
// the variables. Restore with vi.stubEnv and vi.unstubAllEnvs, or withEnvironment.
import { afterAll } from 'vitest'

// taken as the file starts, before its imports and vi.hoisted run
const before = { ...process.env }

afterAll(() => {
  const names = new Set([...Object.keys(before), ...Object.keys(process.env)])
  const changed = [...names].filter((name) => before[name] !== process.env[name]).sort()
  if (changed.length > 0) {
    throw new Error(
      `this file left process.env changed (${changed.join(', ')}): the next file of its worker would run with it; restore it with vi.stubEnv and vi.unstubAllEnvs, or withEnvironment`
    )
  }
})
