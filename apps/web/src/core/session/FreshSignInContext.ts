import { createContext, useContext } from 'react';
import { sessionFreshSignIn, type FreshSignIn } from './freshSignIn';

/** The fresh-sign-in marker the app reads (session storage); stories and tests provide their own. */
export const FreshSignInContext = createContext<FreshSignIn>(sessionFreshSignIn);

export function useFreshSignIn(): FreshSignIn {
  return useContext(FreshSignInContext);
}
