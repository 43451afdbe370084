export { JobSchema } from '@bookshelf/contract';
