import { defineMessage, defineMessages } from 'react-intl';
import type { Elision } from '../../core/i18n';

/** Texts of the onboarding questionnaire (§2, §3, §5). */
export const messages = defineMessages({
  pageTitle: { id: 'onboarding.page_title', defaultMessage: 'Onboarding questionnaire' },
  pageIntroFor: defineMessage<{ name: string }>({
    id: 'onboarding.page_intro_for',
    defaultMessage: 'You are filling in the questionnaire for {name}.',
  }),
  customerRequired: {
    id: 'onboarding.customer_required',
    defaultMessage:
      'The questionnaire belongs to a customer: choose a customer first, then fill it in for them.',
  },
  chooseCustomer: { id: 'onboarding.choose_customer', defaultMessage: 'Choose a customer' },
  tabs: { id: 'onboarding.tabs', defaultMessage: 'Questionnaire steps' },
  tabBrief: { id: 'onboarding.tab_brief', defaultMessage: 'Product or service' },
  tabAudience: { id: 'onboarding.tab_audience', defaultMessage: 'Target audience' },
  tabLastStep: { id: 'onboarding.tab_last_step', defaultMessage: 'Last step' },
  briefTitle: { id: 'onboarding.brief_title', defaultMessage: 'Your product or service' },
  nameOfCampaignType: {
    id: 'onboarding.name_of_campaign_type',
    defaultMessage: 'Name of the product or service',
  },
  campaignType: { id: 'onboarding.campaign_type', defaultMessage: 'Is it a product or a service?' },
  campaignTypeProduct: { id: 'onboarding.campaign_type_product', defaultMessage: 'A product' },
  campaignTypeService: { id: 'onboarding.campaign_type_service', defaultMessage: 'A service' },
  description: { id: 'onboarding.description', defaultMessage: 'Description' },
  pricingModel: { id: 'onboarding.pricing_model', defaultMessage: 'Pricing model' },
  mainFeatures: { id: 'onboarding.main_features', defaultMessage: 'Main features' },
  featureLabel: defineMessage<{ number: number }>({
    id: 'onboarding.feature_label',
    defaultMessage: 'Feature {number}',
  }),
  addFeature: { id: 'onboarding.add_feature', defaultMessage: 'Add a feature' },
  removeFeature: defineMessage<{ number: number }>({
    id: 'onboarding.remove_feature',
    defaultMessage: 'Remove feature {number}',
  }),
  dedicatedWebsite: { id: 'onboarding.dedicated_website', defaultMessage: 'Dedicated website' },
  salesPresentation: { id: 'onboarding.sales_presentation', defaultMessage: 'Sales presentation' },
  chooseFiles: { id: 'onboarding.choose_files', defaultMessage: 'Choose files' },
  filesHint: {
    id: 'onboarding.files_hint',
    defaultMessage: 'Images or PDF files, up to 15 MB each. You can also drop them here.',
  },
  fileTooLarge: {
    id: 'onboarding.file_too_large',
    defaultMessage: 'Some files exceed the 15MB size limit.',
  },
  fileWrongType: {
    id: 'onboarding.file_wrong_type',
    defaultMessage: 'Only images (PNG, JPEG, GIF, WebP) and PDF files are accepted.',
  },
  fileRefusedContent: {
    id: 'onboarding.file_refused_content',
    defaultMessage: 'This file is not really an image or a PDF, so it was refused.',
  },
  fileUploadFailed: {
    id: 'onboarding.file_upload_failed',
    defaultMessage: 'This file could not be sent. Remove it and try again.',
  },
  fileServerBusy: {
    id: 'onboarding.file_server_busy',
    defaultMessage:
      'The server is busy with other uploads. Remove this file and try again in a few seconds.',
  },
  fileQuotaExceeded: {
    id: 'onboarding.file_quota_exceeded',
    defaultMessage:
      'The files of this account have reached their storage limit, so this one was not kept. Contact us to free some space.',
  },
  removeFile: defineMessage<{ name: string }>({
    id: 'onboarding.remove_file',
    defaultMessage: 'Remove {name}',
  }),
  uploadProgress: defineMessage<{ name: string; elision: Elision }>({
    id: 'onboarding.upload_progress',
    defaultMessage: '{elision, select, other {Upload of {name}}}',
  }),
  uploadsPending: {
    id: 'onboarding.uploads_pending',
    defaultMessage: 'Wait until every file is sent, or remove the files that failed.',
  },
  additionalInformation: {
    id: 'onboarding.additional_information',
    defaultMessage: 'Additional information',
  },
  next: { id: 'onboarding.next', defaultMessage: 'Next step' },
  back: { id: 'onboarding.back', defaultMessage: 'Previous step' },
  audienceTitle: { id: 'onboarding.audience_title', defaultMessage: 'Your target audience' },
  bestClientsDescription: {
    id: 'onboarding.best_clients_description',
    defaultMessage: 'Describe your best clients',
  },
  targetIndustries: { id: 'onboarding.target_industries', defaultMessage: 'Industries to target' },
  excludeIndustries: {
    id: 'onboarding.exclude_industries',
    defaultMessage: 'Industries to exclude',
  },
  geographicArea: { id: 'onboarding.geographic_area', defaultMessage: 'Geographic area' },
  companySizes: { id: 'onboarding.company_sizes', defaultMessage: 'Company sizes' },
  sizeFreelancer: { id: 'onboarding.size_freelancer', defaultMessage: 'Freelancers' },
  sizeRange: defineMessage<{ range: string }>({
    id: 'onboarding.size_range',
    defaultMessage: '{range} employees',
  }),
  sizeAbove: { id: 'onboarding.size_above', defaultMessage: 'More than 1,000 employees' },
  sizeAll: { id: 'onboarding.size_all', defaultMessage: 'All companies' },
  typesOfPeople: { id: 'onboarding.types_of_people', defaultMessage: 'Types of people to contact' },
  providedWebsites: {
    id: 'onboarding.provided_websites',
    defaultMessage: 'Websites of companies like your ideal clients',
  },
  websiteLabel: defineMessage<{ number: number }>({
    id: 'onboarding.website_label',
    defaultMessage: 'Website {number}',
  }),
  addWebsite: { id: 'onboarding.add_website', defaultMessage: 'Add a website' },
  removeWebsite: defineMessage<{ number: number }>({
    id: 'onboarding.remove_website',
    defaultMessage: 'Remove website {number}',
  }),
  additionalInformationAudience: {
    id: 'onboarding.additional_information_audience',
    defaultMessage: 'Additional information about your audience',
  },
  submit: { id: 'onboarding.submit', defaultMessage: 'Save the questionnaire' },
  draftKept: {
    id: 'onboarding.draft_kept',
    defaultMessage: 'Your answers are kept in this browser as you type, until you save them.',
  },
  fixErrors: {
    id: 'onboarding.fix_errors',
    defaultMessage: 'Some answers are missing. Check the highlighted fields.',
  },
  saved: { id: 'onboarding.saved', defaultMessage: 'Saved' },
  savedOn: defineMessage<{ date: string }>({
    id: 'onboarding.saved_on',
    defaultMessage: 'The questionnaire was saved on {date}.',
  }),
  saveFailed: {
    id: 'onboarding.save_failed',
    defaultMessage: 'The questionnaire could not be saved. Your answers are still here: try again.',
  },
  lastStepTitle: { id: 'onboarding.last_step_title', defaultMessage: 'Schedule a call with us' },
  lastStepIntro: {
    id: 'onboarding.last_step_intro',
    defaultMessage: 'Pick a time that suits you to go through your answers with our team.',
  },
  widgetLoading: { id: 'onboarding.widget_loading', defaultMessage: 'Loading the calendar…' },
  widgetUnavailable: {
    id: 'onboarding.widget_unavailable',
    defaultMessage:
      'The calendar cannot be shown here (you may be offline, or a blocker stopped it). You can still book a call on the booking page.',
  },
  widgetLink: { id: 'onboarding.widget_link', defaultMessage: 'Open the booking page' },
  loadError: {
    id: 'onboarding.load_error',
    defaultMessage: 'The saved answers could not be loaded.',
  },
  answersTitle: {
    id: 'onboarding.answers_title',
    defaultMessage: 'Answers to the onboarding questionnaire',
  },
  noAnswers: defineMessage<{ name: string }>({
    id: 'onboarding.no_answers',
    defaultMessage: '{name} has not answered the questionnaire yet.',
  }),
  fillInFor: defineMessage<{ name: string }>({
    id: 'onboarding.fill_in_for',
    defaultMessage: 'Fill in the questionnaire for {name}',
  }),
  editAnswersFor: defineMessage<{ name: string; elision: Elision }>({
    id: 'onboarding.edit_answers_for',
    defaultMessage: '{elision, select, other {Change the answers of {name}}}',
  }),
  notProvided: { id: 'onboarding.not_provided', defaultMessage: 'Not provided' },
  noFiles: { id: 'onboarding.no_files', defaultMessage: 'No files' },
});
