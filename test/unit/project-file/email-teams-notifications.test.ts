// notifications.email and notifications.teams of test plans, and project.notifications: read as
// lists, and refused with a message per bad value. (Teams URLs' address rules need the server's
// defaults: apply checks them, test/integration/email-teams-notifications.test.ts.)
import { expect } from 'chai';
import { loadProjectFile } from '../../../shared/src/project-file/load.js';
import { fileProblems } from '../../helpers/project-file-problems.js';

const yaml = (plan: string, project = '') => `
organization: { name: Acme }
project:
  name: shop
${project}
testPlans:
  - name: Nightly
    notifications:
${plan}
`;

const problems = fileProblems;

describe('project file: email and Teams notifications', () => {
  it('reads lists of email and Teams channels beside Slack, notifyOn defaulting to always', () => {
    const { doc } = loadProjectFile(
      'shop.yaml',
      yaml(
        [
          '      slack: { channel: C0123 }',
          '      email:',
          '        - { to: [qa@example.com, " lead@example.org "] }',
          '        - { to: [cto@example.com], notifyOn: failure }',
          '      teams: [{ webhookUrl: "https://prod-01.westeurope.logic.azure.com/workflows/abc?sig=x" }]',
        ].join('\n'),
        '  notifications: { email: [{ to: [all@example.com], notifyOn: failure }] }',
      ),
      {},
    );
    expect(doc.testPlans[0]!.notifications).to.deep.equal({
      slack: { channel: 'C0123', notifyOn: 'always' },
      email: [
        { to: ['qa@example.com', 'lead@example.org'], notifyOn: 'always' },
        { to: ['cto@example.com'], notifyOn: 'failure' },
      ],
      teams: [{ webhookUrl: 'https://prod-01.westeurope.logic.azure.com/workflows/abc?sig=x', notifyOn: 'always' }],
    });
    expect(doc.project.notifications).to.deep.equal({ email: [{ to: ['all@example.com'], notifyOn: 'failure' }] });
  });

  it('lets a plan declare email or Teams without Slack', () => {
    const { doc } = loadProjectFile('shop.yaml', yaml('      email: [{ to: [qa@example.com] }]'), {});
    expect(doc.testPlans[0]!.notifications).to.deep.equal({
      email: [{ to: ['qa@example.com'], notifyOn: 'always' }],
    });
  });

  const refusals: { title: string; plan: string; project?: string; says: string[] }[] = [
    {
      title: 'each bad address, by its place',
      plan: '      email: [{ to: [qa@example.com, "not an address", "a@b", "x@example.com, y@example.com"] }]',
      says: [
        'testPlans[0].notifications.email[0].to[1]: must be an email address such as qa@example.com, not "not an address"',
        'to[2]: must be an email address such as qa@example.com, not "a@b"',
        'to[3]: must be an email address',
      ],
    },
    {
      title: 'an empty recipient list',
      plan: '      email: [{ to: [] }]',
      says: ['email[0].to', 'at least one address'],
    },
    {
      title: 'a Teams URL that is not a URL',
      plan: '      teams: [{ webhookUrl: "teams channel" }]',
      says: ['teams[0].webhookUrl', 'https URL of a Teams workflow'],
    },
    {
      title: 'a Teams URL of another scheme',
      plan: '      teams: [{ webhookUrl: "ftp://example.com/hook" }]',
      says: ['teams[0].webhookUrl', 'https URL'],
    },
    {
      title: 'an unknown key in an email channel',
      plan: '      email: [{ to: [qa@example.com], cc: [x@example.com] }]',
      says: ['email[0]', 'cc'],
    },
    { title: 'an unknown kind of channel', plan: '      discord: { url: x }', says: ['notifications', 'discord'] },
    {
      title: 'a bad notifyOn',
      plan: '      teams: [{ webhookUrl: "https://example.com/h", notifyOn: sometimes }]',
      says: ['teams[0].notifyOn', 'always', 'failure'],
    },
    {
      title: 'a bad project default address',
      plan: '      email: [{ to: [qa@example.com] }]',
      project: '  notifications: { email: [{ to: ["@example.com"] }] }',
      says: ['project.notifications.email[0].to[0]: must be an email address'],
    },
  ];
  for (const r of refusals)
    it(`refuses ${r.title}`, () => {
      const message = problems(yaml(r.plan, r.project));
      for (const part of r.says) expect(message).to.include(part);
    });
});
