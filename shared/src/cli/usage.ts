// The client commands' usage texts: the overview (also part of the server's `goalie` usage) and
// one help text per command (`goalie <command> --help`).

export const CLIENT_COMMANDS_USAGE = `Client commands (talk to a Goalie server's REST API):
  run [--plan NAME|pln_...] [--app app_...=URL|env_...]... [--device app_...=preset_...]...
      [--slack CHANNEL_ID[:failure]]... [--wait [--timeout 30m] [--junit report.xml]]
      [--trigger API|REPOHOST] [--no-ci] [--json]
                                start a run; in GitHub Actions or GitLab CI it is
                                attributed to the commit (trigger REPOHOST)
  status <run> [--test-cases all|failed|none] [--json]
                                a run's status, result and test cases
  rerun <run> [--failed-only | --test-case UUID...]
      [--wait [--timeout 30m] [--junit report.xml]] [--json]
                                rerun a run, all of it, its failures or some test cases
  test-case create --name NAME --goal GOAL --app app_... [--expected TEXT]
      [--resume-from UUID] [--wait-for UUID]... [--config cfg_...]... [--scenario scenario_...]
      [--plan PLAN]... [--wait [--timeout 10m] [--enable]] [--json]
                                create a test case (stored disabled; its burn-in starts;
                                --wait waits for it: exit 1 with its message when it failed)
  test-case show <UUID> [--json]
                                a test case's burn-in state, its message and recorded steps
  test-case update <UUID> [--name NAME] [--goal GOAL] [--expected TEXT] [--app app_...] ...
      [--add-to-plan PLAN]... [--remove-from-plan PLAN]... [--wait [--timeout 10m]] [--enable]
                                change it; a changed goal or application is burned in again
  test-case enable <UUID> | test-case disable <UUID> [--json]
                                run it in its test plans, or leave it out (enabling needs a
                                COMPLETED burn-in)
  test-case run <UUID> [--plan PLAN] [--app ...]... [--wait [--timeout 30m] [--junit FILE]]
                                run this test case alone now (with what it depends on)
  test-case delete <UUID> --yes [--json]
                                delete it (refused while other test cases depend on it)
  cancel <run> [--json]         cancel a run
  apply <file.yaml> [--dry-run | --wait [--timeout 10m]] [--json]
                                apply a project file to the token's project (admin scope);
                                --dry-run prints the plan and changes nothing
  export [<project>] [--output FILE] [--json]
                                the token's project as a project file (admin scope)
  mcp                           the MCP server over stdio for coding agents (docs/mcp.md);
                                needs the Goalie package, not the single-file goalie.js

  Every client command takes --api-url URL (or GOALIE_API_URL) and --token TOKEN (or GOALIE_API_TOKEN).
  Exit codes: 0 passed, or the request succeeded; 1 the run failed, errored, was cancelled, a
  burn-in failed, or --wait timed out; 2 a usage or API error.
`;

export const CLIENT_USAGE = `Usage: goalie <command> [options]

${CLIENT_COMMANDS_USAGE}
goalie --version prints the version. Documentation: docs/cli.md in the Goalie repository.
`;

const CONNECTION = `  --api-url URL        the Goalie server (default: GOALIE_API_URL), e.g. https://goalie.example.com
  --token TOKEN        a project API token (default: GOALIE_API_TOKEN)
  --json               print JSON (the API's answer) instead of text
`;

const FOLLOW = `  --wait               wait for the run to end: progress lines, the results table, a summary,
                       and the exit code of the result (0 passed, 1 failed, errored, cancelled)
  --timeout DURATION   give up waiting after 90s, 30m, 1h, or N minutes (default 30m; exit 1)
  --junit FILE         with --wait: write a JUnit XML report of the run (also when it failed or timed out)
`;

export const COMMAND_HELP: Record<'run' | 'status' | 'rerun' | 'test-case' | 'cancel' | 'apply' | 'export', string> = {
  run: `Usage: goalie run [options]

Starts a run of a test plan (the project's default plan without --plan).

  --plan NAME|pln_...                the test plan, by name ("Smoke", any case) or short ID
  --app app_...=https://...          run that application against this URL (a preview environment)
  --app app_...=env_...              ... or against this environment of the application
  --device app_...=preset_...        run that application's test cases with this device preset
  --slack CHANNEL_ID[:failure]       notify a Slack channel (by ID): always, or only when the run does not pass
  --trigger API|REPOHOST             default: REPOHOST in GitHub Actions and GitLab CI, else API
  --no-ci                            do not read the CI environment (no attribution; trigger API)
${FOLLOW}${CONNECTION}
In GitHub Actions (GITHUB_ACTIONS=true) and GitLab CI (GITLAB_CI=true) the run is sent with trigger
REPOHOST and the actor, branch, commit hash, commit message and repository of the job.
`,
  status: `Usage: goalie status <run short ID> [options]

Prints a run's status and result, and its test cases with their UUIDs (for rerun --test-case).

  --test-cases all|failed|none       which test cases to show (default all; failed = failed, skipped or errored)
${CONNECTION}
Exit code 0 whenever the run was read, whatever its result.
`,
  rerun: `Usage: goalie rerun <run short ID> [options]

Starts a new run of the same plan, with the original's environments, device presets and attribution.

  --failed-only                      only the test cases that failed, were skipped or errored
  --test-case UUID                   only this test case (repeat for more): its TEST CASE UUID, as
                                     goalie status <run> shows it (a run test case id of that run works too)
${FOLLOW}${CONNECTION}
--failed-only on a run where every test case passed: "nothing to rerun", exit 0, no run started.
`,
  'test-case': `Usage: goalie test-case create --name NAME --goal GOAL --app app_... [options]
       goalie test-case show <test case UUID> [--json]
       goalie test-case update <test case UUID> [options]
       goalie test-case enable <test case UUID> [--json]
       goalie test-case disable <test case UUID> [--json]
       goalie test-case run <test case UUID> [--plan PLAN] [--app ...]... [--device ...]... [--wait ...]
       goalie test-case delete <test case UUID> --yes [--json]

create: creates a test case. It is stored disabled while its burn-in turns the goal into recorded
steps; once the burn-in is COMPLETED, enable it (goalie test-case enable UUID, or the Enable button
on its page) to run it in test plans.

  --name NAME                        1 to 80 characters, unique in the project
  --goal GOAL                        what to do, e.g. "Log in with config 'shopper'. Click 'Orders'"
  --app app_...                      the application it tests
  --expected TEXT                    what success looks like, e.g. "'Your orders' is shown"
  --resume-from UUID                 continue from this test case's browser state
  --wait-for UUID                    run after this test case passed (repeat for more)
  --config cfg_...                   a config the test may use (repeat for more)
  --scenario scenario_...            the scenario
  --plan PLAN                        add it to this test plan, by name or short ID (repeat for more)
  --wait                             wait for the burn-in: exit 0 when it COMPLETED, 1 with its
                                     message when it FAILED (a worker must be running on the server)
  --timeout DURATION                 give up waiting after 90s, 10m, 1h, or N minutes (default 10m; exit 1)
  --enable                           with --wait: enable it once its burn-in is COMPLETED

show: the burn-in's state (GENERATING, COMPLETED or FAILED), why it failed and what would work, the
recorded steps, and whether the test case is enabled. Exit 0 whenever it was read.

update: changes only what is given. --name, --goal, --expected ("" clears it), --app,
--config (repeat; replaces the list; --no-configs clears it), --scenario (none clears it),
--resume-from UUID (none clears it), --wait-for UUID (repeat; replaces the list; --no-wait-for
clears it), --add-to-plan PLAN and --remove-from-plan PLAN (repeat; by name or short ID). A
changed goal or application is burned in again: --wait follows it (exit codes as for create),
--enable enables it once COMPLETED (without a new burn-in, at once). A test case declared in a
project file is changed in the file (goalie apply); only its plans and enabling work here.

enable / disable: enabling needs a COMPLETED burn-in (otherwise exit 2 with the reason); disabling
always works. A test case declared in a project file gets the file's "enabled" again at the next
goalie apply: change it there to keep it.

run: runs the test case alone now, with the test cases it depends on, enabled or not (its burn-in
must be COMPLETED), with the environments of --plan (by name or short ID; default: the default plan
when it is in it, else its first plan) and the --app / --device overrides of goalie run. --wait,
--timeout, --junit and the exit codes are goalie run's.

delete: deletes it; asks nothing, so --yes is required. Refused (exit 2, naming them) while other
test cases resume from it or wait for it. It leaves its plans; past runs keep its results.

The UUID is the one create and goalie apply --json print.
${CONNECTION}`,
  cancel: `Usage: goalie cancel <run short ID> [options]

Cancels a run that has not ended (a Goalie extension of the API). A run that has ended is an error (exit 2).

${CONNECTION}`,
  apply: `Usage: goalie apply <file.yaml> [--dry-run | --wait [--timeout 10m]] [options]

Applies a project file to the project of the token, over the API (a token of the admin scope:
goalie token create --project NAME --scope admin, or the dashboard's Settings, Integrations, API).
Objects are matched by name; what the file leaves out is left alone. The summary says what was
created, changed, unchanged and left alone; a file with problems is refused whole, each problem with
its line (exit 2). \${NAME} and \${NAME:-default} are filled from this machine's environment: only
the variables the file names are sent, and the server's environment is never used.

  --dry-run            print what the apply would create and change, and change nothing
  --wait               wait for the burn-ins of the file's test cases; exit 1 when one failed
  --timeout DURATION   give up waiting after 90s, 10m, 1h, or N minutes (default 10m)
${CONNECTION}`,
  export: `Usage: goalie export [<project>] [--output FILE] [options]

Prints the project of the token as the project file that recreates it (no secret values: each
secret is a \${NAME} to set where goalie apply runs). Needs a token of the admin scope. A project
named here must be the token's own (its slug or name).

  --output FILE        write the file there instead of printing it
${CONNECTION}`,
};
