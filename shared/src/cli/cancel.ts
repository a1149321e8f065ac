// `goalie cancel <shortId>` (a Goalie extension of the API): cancel a run that has not ended.
import { onePositional, parseCommandArgs } from './args.js';
import { connect } from './connection.js';
import { EXIT_OK } from './exit-codes.js';
import type { ClientIo } from './io.js';
import { COMMAND_HELP } from './usage.js';

export async function cancelCommand(args: string[], io: ClientIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('cancel', args, {});
  if (values.help) {
    io.stdout(COMMAND_HELP.cancel);
    return EXIT_OK;
  }
  const shortId = onePositional('cancel', positionals, 'run short ID');
  const client = connect('cancel', values, io);
  const answer = await client.cancelRun(shortId);
  if (values.json) io.stdout(JSON.stringify(answer, null, 2) + '\n');
  else io.stdout(`Run ${answer.run.shortId} is ${answer.run.status}.\n`);
  return EXIT_OK;
}
