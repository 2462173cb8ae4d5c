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
export {
  DEMO_PASSWORD,
  createScenarioHandlers,
  type ScenarioHandlerOptions,
  type ScenarioHandlers,
} from './scenarioHandlers';
