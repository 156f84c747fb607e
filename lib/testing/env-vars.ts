/**
 * Sets environment variables for a test file, as an operator would configure the studio (env()
 * reads them once, on first use); the returned function puts every one back as it was.
 */
export function setEnv(values: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
