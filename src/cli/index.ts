import { runCli } from './main.js';

/** The `hearth` command's entry (bin/hearth.mjs imports the built copy of this file). */
const code = await runCli(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
