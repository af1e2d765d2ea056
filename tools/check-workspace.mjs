// The repository's JS workspace, as issue 11 asks for it: one lock, and each shared package pinned
// once. Fails when
//   - a workspace has a package-lock.json of its own (the root's is the only lock);
//   - a workspace lists a package the root's package.json pins (it would be a second pin, free to
//     drift: `ai` was once pinned in four places);
//   - a version anywhere is a range (^, ~, >, *, x) instead of an exact version, so the lock and
//     package.json say the same thing;
//   - the lock does not hold every workspace.
//
//   node tools/check-workspace.mjs [ROOT]
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const rootPackage = read('package.json');
const lock = read('package-lock.json');
const problems = [];
const sections = ['dependencies', 'devDependencies', 'optionalDependencies'];
const exact = /^(?:npm:(?:@[^/]+\/)?[^@]+@)?\d+\.\d+\.\d+(?:-[\w.]+)?$/;

const pinnedAtRoot = new Map();
for (const section of sections) {
  for (const [name, version] of Object.entries(rootPackage[section] ?? {})) {
    pinnedAtRoot.set(name, version);
    if (!exact.test(version)) problems.push(`package.json: ${name} ${version} is a range, not an exact version`);
  }
}
const workspaces = rootPackage.workspaces ?? [];
if (workspaces.length === 0) problems.push('package.json lists no workspaces');
for (const workspace of workspaces) {
  const file = path.join(workspace, 'package.json');
  if (!fs.existsSync(path.join(root, file))) {
    problems.push(`${workspace}: no package.json`);
    continue;
  }
  if (fs.existsSync(path.join(root, workspace, 'package-lock.json'))) {
    problems.push(`${workspace}/package-lock.json: a second lock (the root's is the workspace's only one)`);
  }
  if (!lock.packages?.[workspace]) problems.push(`package-lock.json does not hold the workspace ${workspace} (run npm install at the root)`);
  const pkg = read(file);
  for (const section of sections) {
    for (const [name, version] of Object.entries(pkg[section] ?? {})) {
      if (pinnedAtRoot.has(name)) {
        problems.push(`${file}: ${name} ${version} pins again what the root pins (${pinnedAtRoot.get(name)}); take it from the root`);
      }
      if (!exact.test(version)) problems.push(`${file}: ${name} ${version} is a range, not an exact version`);
    }
  }
}
if (problems.length) {
  console.error(`check-workspace:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-workspace: ${workspaces.length} workspaces, one lock, ${pinnedAtRoot.size} shared packages pinned once at the root (${[...pinnedAtRoot.keys()].join(', ')})`);
