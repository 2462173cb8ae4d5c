/**
 * The contract's types live in @prospecta/domain (generated from openapi/openapi.yaml, below every other
 * package so the domain's lists can be checked against them); the client re-exports them.
 */
import type { paths } from '@prospecta/domain/contract';

export type * from '@prospecta/domain/contract';

/** Paths served by the user service base (§7 "User service (separate base)"). */
export type UserServicePath = Extract<keyof paths, `/api/users${string}` | `/api/user/${string}`>;
/** Paths served by the main API base. */
export type MainApiPath = Exclude<keyof paths, UserServicePath>;
export type UserServicePaths = Pick<paths, UserServicePath>;
export type MainApiPaths = Pick<paths, MainApiPath>;
