/**
 * The contract's login schema, in a chunk of its own: zod is fetched on the first interaction
 * with the sign-in form instead of with the page (keeps /login's first load small, DESIGN §8).
 */
export { loginFormSchema } from '@platform/contract';
