/**
 * Recording answers moved to the inbox repository (repositories/inbox.ts). This re-export keeps the mailbox watch
 * (integrations/mailbox-watch.ts, being reworked with the integrations repository) compiling; import from
 * repositories/inbox.ts instead, and delete this file once nothing imports it.
 */
export { addAnswers, type AnswerChannel, type NewAnswer } from '../repositories/inbox';
