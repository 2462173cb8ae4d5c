/**
 * Named views of the generated contract types (src/generated/schema.d.ts, produced by
 * `pnpm --filter @prospecta/domain generate` from openapi/openapi.yaml). Import entity types from here
 * (or from @prospecta/api-client, which re-exports them) rather than digging into `components`.
 */
import type { components } from './generated/schema';

export type { components, operations, paths } from './generated/schema';

export type Schemas = components['schemas'];

export type User = Schemas['User'];
export type Company = Schemas['Company'];
export type UnreadMessage = Schemas['UnreadMessage'];
export type UserListItem = Schemas['UserListItem'];
export type LoginResponse = Schemas['LoginResponse'];
export type TokenPair = Schemas['TokenPair'];
export type Tag = Schemas['Tag'];
export type Prospect = Schemas['Prospect'];
export type ProspectSummary = Schemas['ProspectSummary'];
export type ProspectUpdate = Schemas['ProspectUpdate'];
export type ProspectStatus = Schemas['ProspectStatus'];
export type UserSettableStatus = Schemas['UserSettableStatus'];
export type ProspectTitle = Schemas['ProspectTitle'];
export type ProspectCompany = Schemas['ProspectCompany'];
export type HistoryEntry = Schemas['HistoryEntry'];
export type HistoryMessageEntry = Schemas['HistoryMessageEntry'];
export type HistoryStatusChangeEntry = Schemas['HistoryStatusChangeEntry'];
export type Comment = Schemas['Comment'];
export type CommentActivity = Schemas['CommentActivity'];
export type CommentSummary = Schemas['CommentSummary'];
export type LastComment = Schemas['LastComment'];
export type CreateCommentRequest = Schemas['CreateCommentRequest'];
export type ContactReplacement = Schemas['ContactReplacement'];
export type Campaign = Schemas['Campaign'];
export type CampaignStep = Schemas['CampaignStep'];
export type CampaignDetail = Schemas['CampaignDetail'];
export type Dashboard = Schemas['Dashboard'];
export type BatchResult = Schemas['BatchResult'];
export type Inbox = Schemas['Inbox'];
export type InboxItem = Schemas['InboxItem'];
export type CampaignBrief = Schemas['CampaignBrief'];
export type Audience = Schemas['Audience'];
export type CompanySizes = Schemas['CompanySizes'];
export type OnboardingSubmission = Schemas['OnboardingSubmission'];
export type OnboardingAnswers = Schemas['OnboardingAnswers'];
export type UploadedFile = Schemas['UploadedFile'];
export type EmailAccount = Schemas['EmailAccount'];
export type EmailAccountType = Schemas['EmailAccountType'];
export type SmtpEmailAccountRequest = Schemas['SmtpEmailAccountRequest'];
export type OAuthProvider = Schemas['OAuthProvider'];
export type EmailProviderPreset = Schemas['EmailProviderPreset'];
export type LinkedinAccount = Schemas['LinkedinAccount'];
export type OutboxMessage = Schemas['OutboxMessage'];
export type ErrorBody = Schemas['Error'];
export type PasswordErrors = Schemas['PasswordErrors'];
export type PasswordFieldError = Schemas['PasswordFieldError'];
export type IntegrationError = Schemas['IntegrationError'];
export type IntegrationStateMessage = Schemas['IntegrationStateMessage'];
export type CampaignStatusName = Schemas['CampaignStatus'];
export type CampaignLanguage = Schemas['CampaignLanguage'];
export type WorkflowStepType = Schemas['WorkflowStepType'];
export type StepCondition = Schemas['StepCondition'];
export type CampaignSettings = Schemas['CampaignSettings'];
export type BuilderBrief = Schemas['BuilderBrief'];
export type SequenceStep = Schemas['SequenceStep'];
export type SequenceStepInput = Schemas['SequenceStepInput'];
export type LandingPage = Schemas['LandingPage'];
export type SenderMailbox = Schemas['SenderMailbox'];
export type BuilderSection = Schemas['BuilderSection'];
export type CampaignProblem = Schemas['CampaignProblem'];
export type CampaignProblemCode = Schemas['CampaignProblemCode'];
export type CampaignDefinition = Schemas['CampaignDefinition'];
export type CampaignDefinitionUpdate = Schemas['CampaignDefinitionUpdate'];
export type CampaignReview = Schemas['CampaignReview'];
export type CampaignDraftSummary = Schemas['CampaignDraftSummary'];
export type SampleProspect = Schemas['SampleProspect'];
export type CampaignLifecycleAction = Schemas['CampaignLifecycleAction'];
export type CampaignErrorCode = Schemas['CampaignErrorCode'];
export type OnboardingErrorCode = Schemas['OnboardingErrorCode'];
export type CommentErrorCode = Schemas['CommentErrorCode'];
export type CampaignSequence = Schemas['CampaignSequence'];
export type Import = Schemas['Import'];
export type ImportList = Schemas['ImportList'];
export type ImportFailure = Schemas['ImportFailure'];
export type ImportMappingRequest = Schemas['ImportMappingRequest'];
export type ImportPreviewRow = Schemas['ImportPreviewRow'];
export type ImportCounts = Schemas['ImportCounts'];
