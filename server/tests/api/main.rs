//! Black-box tests through real HTTP. Each test gets its own server and database: SQLite always,
//! PostgreSQL when TEST_DATABASE_URL points at a server (a database is created per test).

mod accounts;
mod backup;
mod child_deletion;
mod children;
mod closing;
mod contact;
mod custody;
mod families;
mod field_checks;
mod files;
mod helpers;
mod hostile;
mod images;
mod invitations;
mod jobs;
mod live;
mod mail;
mod message_attachments;
mod message_search;
mod messages;
mod notifications;
mod openapi;
mod outage;
mod profile;
mod push;
mod record;
mod robustness;
mod site;
mod status;
mod suggestions;
mod swaps;
mod time_zones;
mod tone;
mod trust_accounts;
mod two_factor;
