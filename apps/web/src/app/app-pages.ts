import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * The signed-in and onboarding pages (the shell and bare layouts), by route id of packages/shared/src/routes.ts.
 * Each page is its own chunk; this table is loaded by router.tsx with the first of them.
 */
export const APP_PAGES: Partial<Record<string, LazyComponent>> = {
  inbox: () => import('../features/mail/pages/folder-pages').then((m) => ({ Component: m.InboxPage })),
  archive: () => import('../features/mail/pages/folder-pages').then((m) => ({ Component: m.ArchivePage })),
  trash: () => import('../features/mail/pages/folder-pages').then((m) => ({ Component: m.TrashPage })),
  'change-of-address': () =>
    import('../features/mail/pages/change-of-address-page').then((m) => ({ Component: m.ChangeOfAddressPage })),
  'mail-rules': () => import('../features/mail/pages/mail-rules-page').then((m) => ({ Component: m.MailRulesPage })),
  'forward-insurance': () =>
    import('../features/mail/pages/forward-pages').then((m) => ({ Component: m.ForwardInsurancePage })),
  'forward-address': () =>
    import('../features/mail/pages/forward-pages').then((m) => ({ Component: m.ForwardAddressPage })),
  'forward-address-new': () =>
    import('../features/mail/pages/forward-pages').then((m) => ({ Component: m.ForwardAddressNewPage })),
  'forward-payment': () =>
    import('../features/mail/pages/forward-pages').then((m) => ({ Component: m.ForwardPaymentPage })),
  'forward-success': () =>
    import('../features/mail/pages/forward-pages').then((m) => ({ Component: m.ForwardSuccessPage })),
  'invoices-billing': () =>
    import('../features/invoices/pages/invoices-page').then((m) => ({ Component: m.InvoicesBillingPage })),
  'invoice-transactions': () =>
    import('../features/invoices/pages/transactions-page').then((m) => ({ Component: m.TransactionsPage })),
  invoice: () => import('../features/invoices/pages/invoice-page').then((m) => ({ Component: m.InvoicePage })),
  'my-invoices': () =>
    import('../features/invoices/pages/invoices-page').then((m) => ({ Component: m.MyInvoicesPage })),
  'my-invoice': () => import('../features/invoices/pages/invoice-page').then((m) => ({ Component: m.MyInvoicePage })),
  'customer-plans': () =>
    import('../features/plans/pages/plans-page').then((m) => ({ Component: m.CustomerPlansPage })),
  'customer-plan-add': () =>
    import('../features/plans/pages/plan-form-page').then((m) => ({ Component: m.CustomerPlanFormPage })),
  'customer-plan-edit': () =>
    import('../features/plans/pages/plan-form-page').then((m) => ({ Component: m.CustomerPlanFormPage })),
  'sub-admin-plans': () =>
    import('../features/plans/pages/plans-page').then((m) => ({ Component: m.SubAdminPlansPage })),
  'sub-admin-plan-add': () =>
    import('../features/plans/pages/plan-form-page').then((m) => ({ Component: m.SubAdminPlanFormPage })),
  'sub-admin-plan-edit': () =>
    import('../features/plans/pages/plan-form-page').then((m) => ({ Component: m.SubAdminPlanFormPage })),
  'payment-methods': () =>
    import('../features/payment-methods/pages/payment-methods-page').then((m) => ({ Component: m.PaymentMethodsPage })),
  'buy-subscription': () =>
    import('../features/subscriptions/pages/buy-subscription-page').then((m) => ({ Component: m.BuySubscriptionPage })),
  'subscription-expired': () =>
    import('../features/subscriptions/pages/subscription-expired-page').then((m) => ({
      Component: m.SubscriptionExpiredPage,
    })),
  profile: () => import('../features/account/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
  'account-settings': () =>
    import('../features/account/pages/account-settings-page').then((m) => ({ Component: m.AccountSettingsPage })),
  dashboard: () => import('../features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  'change-password': () =>
    import('../features/auth/pages/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })),
  'account-type': () =>
    import('../features/onboarding/pages/account-type-page').then((m) => ({ Component: m.AccountTypePage })),
  'account-info': () =>
    import('../features/onboarding/pages/account-info-page').then((m) => ({ Component: m.AccountInfoPage })),
  'shipment-verification': () =>
    import('../features/onboarding/pages/verification-pages').then((m) => ({ Component: m.ShipmentVerificationPage })),
  'mailbox-verification': () =>
    import('../features/onboarding/pages/verification-pages').then((m) => ({ Component: m.MailboxVerificationPage })),
  'mailbox-rental-contract': () =>
    import('../features/onboarding/pages/mailbox-rental-contract-page').then((m) => ({
      Component: m.MailboxRentalContractPage,
    })),
  'upload-documents': () =>
    import('../features/onboarding/pages/upload-documents-page').then((m) => ({ Component: m.UploadDocumentsPage })),
  customers: () =>
    import('../features/managed-accounts/pages/customers-page').then((m) => ({ Component: m.CustomersPage })),
  'customer-add': () =>
    import('../features/managed-accounts/pages/customer-add-page').then((m) => ({ Component: m.CustomerAddPage })),
  customer: () =>
    import('../features/managed-accounts/pages/customer-page').then((m) => ({ Component: m.CustomerPage })),
  payouts: () => import('../features/payouts/pages/payouts-page').then((m) => ({ Component: m.PayoutsPage })),
  payout: () => import('../features/payouts/pages/payout-page').then((m) => ({ Component: m.PayoutPage })),
  'sub-admin-payouts': () =>
    import('../features/payouts/pages/payouts-page').then((m) => ({ Component: m.SubAdminPayoutsPage })),
  'sub-admins': () =>
    import('../features/managed-accounts/pages/sub-admins-page').then((m) => ({ Component: m.SubAdminsPage })),
  'sub-admin-add': () =>
    import('../features/managed-accounts/pages/sub-admin-add-page').then((m) => ({ Component: m.SubAdminAddPage })),
  'sub-admin': () =>
    import('../features/managed-accounts/pages/sub-admin-page').then((m) => ({ Component: m.SubAdminPage })),
  'referred-clients': () =>
    import('../features/managed-accounts/pages/referred-clients-page').then((m) => ({
      Component: m.ReferredClientsPage,
    })),
  'referred-client': () =>
    import('../features/managed-accounts/pages/referred-client-page').then((m) => ({
      Component: m.ReferredClientPage,
    })),
  store: () => import('../features/configuration/pages/store-page').then((m) => ({ Component: m.StorePage })),
  'add-store': () =>
    import('../features/configuration/pages/add-store-page').then((m) => ({ Component: m.AddStorePage })),
  'policy-terms-edit': () =>
    import('../features/configuration/pages/policy-terms-edit-page').then((m) => ({
      Component: m.PolicyTermsEditPage,
    })),
  setting: () => import('../features/configuration/pages/setting-page').then((m) => ({ Component: m.SettingPage })),
  'account-setting': () =>
    import('../features/configuration/pages/account-setting-page').then((m) => ({ Component: m.AccountSettingPage })),
  'analytics-reports': () =>
    import('../features/analytics/pages/analytics-reports-page').then((m) => ({ Component: m.AnalyticsReportsPage })),
  faqs: () => import('../features/faqs-admin/pages/faqs-page').then((m) => ({ Component: m.FaqsPage })),
  jobs: () => import('../features/jobs/pages/jobs-page').then((m) => ({ Component: m.JobsPage })),
  developers: () =>
    import('../features/developers/pages/developers-page').then((m) => ({ Component: m.DevelopersPage })),
  create: () => import('../features/shipping/pages/address-steps').then((m) => ({ Component: m.CreatePage })),
  'create-sender': () =>
    import('../features/shipping/pages/address-steps').then((m) => ({ Component: m.SenderAddressPage })),
  'create-receiver': () =>
    import('../features/shipping/pages/address-steps').then((m) => ({ Component: m.ReceiverAddressPage })),
  'create-package': () =>
    import('../features/shipping/pages/package-information-page').then((m) => ({
      Component: m.PackageInformationPage,
    })),
  'create-arrival': () =>
    import('../features/shipping/pages/arrival-preferences-page').then((m) => ({
      Component: m.ArrivalPreferencesPage,
    })),
  'create-quote': () =>
    import('../features/shipping/pages/update-quote-page').then((m) => ({ Component: m.UpdateQuotePage })),
  shipments: () => import('../features/shipping/pages/shipments-page').then((m) => ({ Component: m.ShipmentsPage })),
  'shipment-batches': () =>
    import('../features/shipping/pages/batches-page').then((m) => ({ Component: m.BatchesPage })),
  'shipment-batch': () => import('../features/shipping/pages/batch-page').then((m) => ({ Component: m.BatchPage })),
  'scan-forms': () =>
    import('../features/shipping/pages/scan-forms-page').then((m) => ({ Component: m.ScanFormsPage })),
  'shipment-details': () =>
    import('../features/shipping/pages/shipment-page').then((m) => ({ Component: m.ShipmentPartialPage })),
  'shipment-full': () =>
    import('../features/shipping/pages/shipment-page').then((m) => ({ Component: m.ShipmentFullPage })),
  'address-list': () =>
    import('../features/shipping/pages/address-list-page').then((m) => ({ Component: m.AddressListPage })),
  'address-edit': () => import('../features/shipping/pages/address-page').then((m) => ({ Component: m.AddressPage })),
  packages: () => import('../features/shipping/pages/packages-page').then((m) => ({ Component: m.PackagesPage })),
  'package-edit': () => import('../features/shipping/pages/package-page').then((m) => ({ Component: m.PackagePage })),
  pickups: () => import('../features/shipping/pages/pickups-page').then((m) => ({ Component: m.PickupsPage })),
  'margin-discount': () =>
    import('../features/shipping/pages/margin-discount-page').then((m) => ({ Component: m.MarginDiscountPage })),
  carrier: () => import('../features/shipping/pages/carrier-page').then((m) => ({ Component: m.CarrierPage })),
  'shipping-requests': () =>
    import('../features/shipping/pages/shipping-requests-page').then((m) => ({ Component: m.ShippingRequestsPage })),
  'pickup-schedule': () =>
    import('../features/shipping/pages/schedule-pickup-page').then((m) => ({ Component: m.SchedulePickupPage })),
  'mailbox-requests': () =>
    import('./routes/mailbox-requests-route').then((m) => ({ Component: m.MailboxRequestsRoute })),
  'mailbox-request': () =>
    import('./routes/mailbox-requests-route').then((m) => ({ Component: m.MailboxRequestRoute })),
  mailbox: () => import('../features/mailbox-admin/pages/mailboxes-page').then((m) => ({ Component: m.MailboxesPage })),
  'mailbox-compliance': () =>
    import('../features/mailbox-admin/pages/compliance-page').then((m) => ({ Component: m.CompliancePage })),
  'mailbox-labels': () =>
    import('../features/mailbox-admin/pages/mailbox-labels-page').then((m) => ({ Component: m.MailboxLabelsPage })),
  'mailbox-select-services': () =>
    import('../features/mailbox-admin/pages/forward-service-pages').then((m) => ({ Component: m.SelectServicesPage })),
  'mailbox-update-quote': () =>
    import('../features/mailbox-admin/pages/forward-service-pages').then((m) => ({ Component: m.UpdateQuotePage })),
};
