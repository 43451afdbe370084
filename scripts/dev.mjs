// `npm run dev`: the API server in watch mode and Vite with its proxy to it, stopped together.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--watch', 'src/main.ts'], {
    cwd: 'apps/server',
    stdio: 'inherit',
    // development: every answer is checked against the contract (apps/server/src/platform/response-serialization.ts)
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      PORT: port,
      DATA_DIR: process.env.DATA_DIR ?? '../../data',
    },
  }),
  spawn('npx', ['vite', '--port', process.env.WEB_PORT ?? '5173'], {
    cwd: 'apps/web',
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && stop()));
