// The project-file lines the notification tests share: one application and two test cases, "Good"
// and "Bad", which a ScriptedExecutor passes and fails by name. Goes after the `project:` section.
export const GOOD_AND_BAD_YAML = `applications:
  - name: web
    environments: [{ name: prod, url: "https://web.example.com", default: true }]
testCases:
  - { name: Good, application: web, goal: Go to / }
  - { name: Bad, application: web, goal: Go to /bad }`;
