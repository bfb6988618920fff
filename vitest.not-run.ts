/** npm test's closing line: what it leaves out and the command that runs it (vitest.hosts.config.ts). */
export default function setup(): () => void {
  return () => {
    process.stderr.write(
      '\nnot run by npm test: test/hosts (tests against real agent CLIs, Chromium, bubblewrap) — run them with `npm run test:hosts`\n',
    );
  };
}
