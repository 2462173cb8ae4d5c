import { createScenario } from '@prospecta/api-client/fixtures';

/** Users of stories and unit tests: the people of the api-client fixture scenario (the MSW handlers know them). */
const scenario = createScenario();

export const staffUser = scenario.staff;
export const customerUser = scenario.customer;
export const otherCustomerUser = scenario.otherCustomer;
