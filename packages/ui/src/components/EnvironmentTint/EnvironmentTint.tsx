import { useEffect } from 'react';
import { applyEnvironment } from '../../theme/environment';

export interface EnvironmentTintProps {
  /** The `environment` of /config.json: 'ci' tints the page orange, 'staging' indigo, anything else none. */
  environment: string | null | undefined;
}

/** Tints the page background for the runtime environment (sets data-env on <html>; removed on unmount). */
export function EnvironmentTint({ environment }: EnvironmentTintProps) {
  useEffect(() => {
    applyEnvironment(environment);
    return () => applyEnvironment(null);
  }, [environment]);
  return null;
}
