export {
  detail,
  mockOperation,
  toMswPath,
  typedHttp,
  type HttpMethod,
  type MockContext,
  type MockOptions,
  type MockResolver,
  type MockResult,
  type Operation,
  type PathsWithMethod,
  type StatusOf,
} from './typed';
export { campaignBuilderHandlers, type CampaignBuilderOptions } from './campaignBuilderHandlers';
export { fixtureHandlers, profileOf, type FixtureHandlerOptions } from './fixtureHandlers';
