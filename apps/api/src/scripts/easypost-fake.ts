/**
 * Runs the local EasyPost stand-in (integrations/carriers/easypost-fake.ts) as its own process, for end-to-end
 * tests that buy real-carrier labels through the official SDK without the internet: prints
 * `EASYPOST_API_URL=<url>` once it listens, and stops on SIGTERM or SIGINT.
 */
import { EasyPostFake } from '../integrations/carriers/easypost-fake';

const fake = new EasyPostFake();
const url = await fake.start();
process.stdout.write(`EASYPOST_API_URL=${url}\n`);
const stop = () => void fake.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
