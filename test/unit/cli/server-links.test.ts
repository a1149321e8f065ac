// The links `goalie user create` and `user reset-link` print lead to the server: GOALIE_PUBLIC_URL,
// else what `goalie serve` recorded in the database when it last started, else the default of PORT.
import { expect } from 'chai';
import { linkBase } from '../../../backend/src/cli/user.js';
import { validServerUrl } from '../../../backend/src/persistence/server-address.js';

describe("the links of goalie user: the server's public URL", () => {
  const defaults = { publicUrl: 'http://localhost:8080', publicUrlGiven: false };
  const table: [string, { publicUrl: string; publicUrlGiven: boolean }, string | null, string][] = [
    [
      'GOALIE_PUBLIC_URL wins',
      { publicUrl: 'https://goalie.example.com', publicUrlGiven: true },
      'http://localhost:3000',
      'https://goalie.example.com',
    ],
    ['else what serve recorded', defaults, 'http://localhost:3000', 'http://localhost:3000'],
    ['else the default of PORT', defaults, null, 'http://localhost:8080'],
  ];
  for (const [name, config, recorded, expected] of table)
    it(name, () => expect(linkBase(config, recorded)).to.equal(expected));

  // Read back from the database as hostile: only an http(s) URL, as the URL parser writes it.
  const values: [unknown, string | null][] = [
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://goalie.example.com/base/', 'https://goalie.example.com/base'],
    ['javascript:alert(1)', null],
    ['file:///etc/passwd', null],
    ['https://user:secret@goalie.example.com', null],
    ['http://localhost:3000/?next=x', null],
    ['http://localhost:3000/\u001b[2J', 'http://localhost:3000/%1B[2J'],
    ['not a url', null],
    [42, null],
    [null, null],
  ];
  for (const [value, expected] of values)
    it(`a recorded ${JSON.stringify(value)} is ${expected === null ? 'ignored' : JSON.stringify(expected)}`, () =>
      expect(validServerUrl(value)).to.equal(expected));
});
