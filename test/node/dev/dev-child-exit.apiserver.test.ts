// `crdconv dev` when a part of its cluster dies under it: the bin as a user runs it, and a real
// signal sent to its etcd or kube-apiserver child, as the kernel's OOM killer or a stray kill would.
import { readFileSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { expect, it } from 'vitest'
import { describeWithApiServer } from '../../support/api-server.ts'
import { expectNoTokenIn, tokensInPlay } from '../../support/token-leaks.ts'
import {
  childProcesses,
  expectNothingLeft,
  projectForSuite,
  sessionPorts,
  startDev,
} from './dev-process.ts'

/** The child of `parent` whose command name is `name`, as `/proc/<pid>/comm` gives it. */
async function childNamed(parent: number, name: string): Promise<number> {
  const children = await childProcesses(parent)
  const named = children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name
    } catch {
      return false
    }
  })
  expect(named, `children of ${parent} named ${name}`).toHaveLength(1)
  return named[0] ?? 0
}

// each kill stands for a way a child dies: the kernel's SIGKILL (out of memory) and a polite
// SIGTERM that the process answers by exiting itself
const deaths = [
  { process: 'kube-apiserver', signal: 'SIGKILL', rest: 'the webhook and etcd' },
  { process: 'etcd', signal: 'SIGTERM', rest: 'the webhook and kube-apiserver' },
] as const

describeWithApiServer('crdconv dev, when etcd or kube-apiserver stops on its own', (release) => {
  const project = projectForSuite()
  const env = { KUBEBUILDER_ASSETS: release.assets }

  it.each(deaths)(
    'says so in one line with $process log kept when $process gets $signal, stops the rest, frees its ports and exits 1',
    { timeout: 300_000 },
    async (death) => {
      const dev = startDev([], project(), env)
      try {
        const kubeconfig = await dev.kubeconfig()
        const ports = sessionPorts(dev.stderr())
        expect(ports).toHaveLength(3)
        const pid = dev.child.pid ?? 0
        const children = await childProcesses(pid)
        const victim = await childNamed(pid, death.process)

        const mark = dev.stderr().length
        process.kill(victim, death.signal)
        expect(await dev.exited).toBe(1)

        const said = dev.stderr().slice(mark)
        const line = new RegExp(
          `^crdconv dev: ${death.process} stopped on its own \\((exit code \\d+|signal ${death.signal})\\); its log: (\\S+); stopping ${death.rest}$`,
          'm'
        ).exec(said)
        expect(line, said).not.toBeNull()
        expect(said).toContain('crdconv dev: stopped; its ports are free')
        const logFile = line?.[2] ?? ''
        expect(logFile.endsWith(`/${death.process}.log`)).toBe(true)
        expect(statSync(logFile).size).toBeGreaterThan(0)
        expect(statSync(logFile).mode & 0o077).toBe(0)
        rmSync(dirname(logFile), { recursive: true, force: true })

        await expectNothingLeft(children, ports, kubeconfig)
        expectNoTokenIn(
          'dev',
          { stdout: dev.stdout(), stderr: dev.stderr() },
          tokensInPlay([], project())
        )
      } finally {
        dev.child.kill('SIGKILL')
      }
    }
  )
})
