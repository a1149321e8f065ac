// action.yml files against the code: every input the code reads is declared (and nothing else),
// every output it sets is declared, the bundle it names exists, and no description holds `${{`,
// which GitHub would evaluate while loading the action and fail on.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { parseInputs as parseReviewRequestInputs } from '../../../actions/review-request/src/inputs.js';
import { parseInputs as parseRunInputs } from '../../../actions/run/src/inputs.js';

interface ActionMetadata {
  name: string;
  description: string;
  branding?: { icon: string; color: string };
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
}

function metadata(file: string): ActionMetadata {
  return parse(fs.readFileSync(file, 'utf8')) as ActionMetadata;
}

/** The names a parseInputs function reads, given valid values for the required ones. */
function inputsRead(parseInputs: (read: (name: string) => string) => unknown, valid: Record<string, string>): string[] {
  const names = new Set<string>();
  parseInputs((name) => {
    names.add(name);
    return valid[name] ?? '';
  });
  return [...names].sort();
}

/** Output names set with core.setOutput('name', ...) in a source file. */
function outputsSet(file: string): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(/core\.setOutput\('([a-z_]+)'/g)].map((m) => m[1]!).sort();
}

const actions = [
  {
    file: 'action.yml',
    dir: '.',
    source: 'actions/run/src/run.ts',
    read: () => inputsRead(parseRunInputs, { api_url: 'https://goalie.example.com', api_token: 't' }),
  },
  {
    file: 'actions/review-request/action.yml',
    dir: 'actions/review-request',
    source: 'actions/review-request/src/run.ts',
    read: () => inputsRead(parseReviewRequestInputs, { preview_url: 'https://pr-1.example.com', github_token: 't' }),
  },
];

describe('action metadata (action.yml)', () => {
  for (const action of actions) {
    describe(action.file, () => {
      const meta = metadata(action.file);

      it('runs its committed bundle on node24', () => {
        expect(meta.runs.using).to.equal('node24');
        expect(fs.existsSync(path.join(action.dir, meta.runs.main)), meta.runs.main).to.equal(true);
        expect(meta.name).to.be.a('string').and.not.empty;
        expect(meta.description).to.be.a('string').and.not.empty;
        expect(meta.branding).to.have.keys('icon', 'color');
      });

      it('declares exactly the inputs the code reads, and the outputs it sets, each described', () => {
        expect(Object.keys(meta.inputs).sort()).to.deep.equal(action.read());
        expect(Object.keys(meta.outputs).sort()).to.deep.equal(outputsSet(action.source));
        for (const [name, spec] of [...Object.entries(meta.inputs), ...Object.entries(meta.outputs)])
          expect(spec.description, name).to.be.a('string').and.not.empty;
      });

      it('has no ${{ in a description (GitHub would fail to load the action)', () => {
        const descriptions = [
          meta.description,
          ...Object.values(meta.inputs).map((i) => i.description),
          ...Object.values(meta.outputs).map((o) => o.description),
        ];
        for (const text of descriptions) expect(text).not.to.include('${{');
      });
    });
  }

  it('the run action: api_url and api_token required, blocking false and 60 minutes by default', () => {
    const { inputs } = metadata('action.yml');
    expect(
      Object.entries(inputs)
        .filter(([, i]) => i.required)
        .map(([name]) => name),
    ).to.deep.equal(['api_url', 'api_token']);
    expect(inputs.blocking!.default).to.equal('false');
    expect(inputs.timeout_minutes!.default).to.equal('60');
  });

  it("review-request: the workflow's token and API URL by default, @goalie as the mention, preview_url optional (deployment_status names it)", () => {
    const { inputs } = metadata('actions/review-request/action.yml');
    expect(inputs.github_token!.default).to.equal('${{ github.token }}');
    expect(inputs.github_api_url!.default).to.equal('${{ github.api_url }}');
    expect(inputs.mention!.default).to.equal('@goalie');
    expect(inputs.preview_url!.required).to.equal(false);
  });
});
