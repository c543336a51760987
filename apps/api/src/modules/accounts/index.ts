export { accountSettingsRoutes } from './account-settings/routes';
export { applicationsRoutes } from './applications/routes';
export { customersRoutes } from './managed-accounts/customers-routes';
export { referredClientsRoutes } from './managed-accounts/referred-clients-routes';
export { subAdminsRoutes } from './managed-accounts/sub-admins-routes';
