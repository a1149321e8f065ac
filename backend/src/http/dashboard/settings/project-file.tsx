// Settings › Project › Project file: "Download as YAML", and which fields the project file owns (the
// next `goalie apply` sets them again), so that a change made in the dashboard is not lost unknowingly.
export function ProjectFilePage({ slug }: { slug: string }) {
  return (
    <>
      <h1>Project file</h1>
      <p>
        A project is declared in a YAML file and applied with <code>goalie apply</code> (docs/projects-as-code.md).
        Download this project as that file to keep it in your repository or to move it to another Goalie server:
        applying it unchanged changes nothing.
      </p>
      <p>
        <a class="button" href={`/p/${slug}/export.yaml`} download={`${slug}.goalie.yaml`}>
          Download as YAML
        </a>
      </p>
      <p class="hint">
        No secret value is in the file: secret config values and the repository's credentials become{' '}
        <code>{'${VARIABLES}'}</code> that its header lists; the Slack secrets and the webhook secret are left out, and
        applying the file keeps the saved ones.
      </p>
      <h2>What the file owns</h2>
      <p>The next apply of the file sets these again to what it says:</p>
      <ul>
        <li>the applications and their environments, device presets, configs and scenarios it declares;</li>
        <li>
          the test cases it declares: goal, expected result, application, configs, dependencies and whether they are
          enabled (their pages have no Edit button);
        </li>
        <li>
          the test plans it declares: their test cases, environments, device presets, schedules and Slack channels;
        </li>
        <li>
          the repository and its review settings (<a href={`/p/${slug}/settings/repository`}>Repository</a>);
        </li>
        <li>
          the project's fields it names: slug, default device preset, network access, the webhooks (
          <a href={`/p/${slug}/settings/webhooks`}>Webhooks</a>) and the Slack fields (
          <a href={`/p/${slug}/settings/slack`}>Slack</a>); a field it leaves out keeps its value, except{' '}
          <code>publicResults</code> and <code>notifications</code> (
          <a href={`/p/${slug}/settings/notifications`}>Email and Teams</a>), which every apply sets (false or none when
          the file leaves them out).
        </li>
      </ul>
      <p>
        Nothing is deleted by an apply: test cases created through the API or the dashboard stay, and are in the
        download, so the downloaded file is the whole project.
      </p>
    </>
  );
}
