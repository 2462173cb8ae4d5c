/**
 * The demo world, one source for the server's seeds and the stories' fixtures: people, companies, campaigns and
 * accounts. Pure data, typed with the domain's vocabulary; kept out of the main entry so the app never bundles it.
 */
export * from './people';
export * from './world';
