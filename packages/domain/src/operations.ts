/**
 * The public operations, read from the contract's `security` at generation time (src/generated/operations.ts):
 * they carry no bearer token, and their 401 means "bad credentials", never "refresh and retry". The client's auth
 * middleware and the server's route table both derive from this list.
 */
import type { operations, paths } from './contract';
import { PUBLIC_OPERATIONS as GENERATED } from './generated/operations';

export type PublicOperation = (typeof GENERATED)[number];

/** Each entry names a real operation at a real path of the contract (a stale file fails the build). */
export const PUBLIC_OPERATIONS: readonly {
  operationId: keyof operations;
  method: string;
  path: keyof paths;
}[] = GENERATED;

export type PublicOperationId = PublicOperation['operationId'];
export type PublicPath = PublicOperation['path'];

/** The contract paths of the public operations. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(
  GENERATED.map((operation) => operation.path),
);

export function isPublicOperation(operationId: string): boolean {
  return GENERATED.some((operation) => operation.operationId === operationId);
}
