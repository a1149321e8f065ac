// The benchmark's project: independent test cases over the demo shop, four flows repeated.

const FLOWS = [
  {
    goal: "Go to /contact\nFill 'Name' with 'Ada Lovelace'\nFill 'Email' with 'ada@example.com'\nFill 'Message' with 'Hello'\nUncheck 'Newsletter'\nClick 'Send'",
    expected: "'Thanks, we will get back to you' is shown",
  },
  {
    goal: "Go to /todo\nType 'Buy milk' into 'What needs to be done?' and press Enter\nType 'Walk the dog' into 'What needs to be done?' and press Enter\nCheck the checkbox next to 'Buy milk'",
    expected: "'1 item left' is visible",
  },
  {
    goal: "Go to /products\nClick 'Add to cart' in the row of 'Blue mug'\nClick 'Add to cart' in the row of 'Red kettle'",
    expected: "'Cart (2)' is shown",
  },
  {
    goal: "Go to /login\nFill 'Email' with 'ada@example.com'\nFill 'Password' with 'lovelace'\nClick the 'Sign in' button",
    expected: "'Welcome, Ada' is shown",
  },
];

export function benchProject(siteUrl: string, count: number): string {
  const cases = Array.from({ length: count }, (_, i) => {
    const flow = FLOWS[i % FLOWS.length]!;
    return `  - name: Case ${String(i + 1).padStart(2, '0')}
    application: Shop
    goal: ${JSON.stringify(flow.goal)}
    expectedResult: ${JSON.stringify(flow.expected)}`;
  });
  return `organization: { name: Bench }
project: { name: bench }
applications:
  - name: Shop
    environments: [{ name: local, url: "${siteUrl}", default: true }]
testCases:
${cases.join('\n')}
  - name: Single
    application: Shop
    goal: Go to /
    expectedResult: "'Demo shop' is shown"
testPlans:
  - name: All
    default: true
    testCases: [${cases.map((_, i) => `Case ${String(i + 1).padStart(2, '0')}`).join(', ')}]
  - name: One
    testCases: [Single]
`;
}
