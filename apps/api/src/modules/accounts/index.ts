export { accountSettingsRoutes } from './account-settings/routes';
export { applicationsRoutes } from './applications/routes';
export { customersRoutes } from './customers/routes';
export { referredClientsRoutes } from './referred-clients/routes';
export { subAdminsRoutes } from './sub-admins/routes';
