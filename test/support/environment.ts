/**
 * Runs `body` with the environment variables `values` set (undefined: unset), and puts back what
 * was there before, also when `body` throws.
 */
export async function withEnvironment<T>(
  values: Readonly<Record<string, string | undefined>>,
  body: () => T | Promise<T>
): Promise<T> {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]))
  const assign = (entries: Readonly<Record<string, string | undefined>>) => {
    for (const [name, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
  assign(values)
  try {
    return await body()
  } finally {
    assign(saved)
  }
}
