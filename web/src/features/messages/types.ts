/** The shapes of the messages API, from the server's OpenAPI document. */
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Topic = Schemas['Topic'];
export type MessageType = Schemas['MessageType'];
export type Tone = Schemas['ToneLevel'];
export type ToneCategory = Schemas['ToneCategory'];

export type Person = Schemas['PersonView'];
export type Participant = Schemas['ParticipantView'];
/** A quoted message: its text is empty when `plegado` (the reader's shield folds it). */
export type Quote = Schemas['QuotedMessageView'];
export type Attachment = Schemas['AttachmentView'];
export type View = Schemas['ReadReceiptView'];
/** A message: its text is empty when `plegado` (a list's preview); a thread's pages always carry it. */
export type Message = Schemas['MessageView'];
export type Conversation = Schemas['ConversationView'];
export type ConversationPage = Schemas['ConversationPage'];
export type MessagePage = Schemas['MessagePage'];
/** One fragment the tone check flags: `reemplazo` empty to leave it out, null when it has none. */
export type ToneFragment = Schemas['FragmentView'];
export type ToneAnswer = Schemas['ToneView'];
export type NewConversation = Schemas['ConversationInput'];
export type NewMessage = Schemas['MessageInput'];
export type MessageSettings = Schemas['MessageSettings'];
