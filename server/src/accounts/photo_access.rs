//! Who sees a user's profile photo (through the signed links the API hands out): the user, whoever
//! shares a family with them (the family's members, a conversation's participants), and whoever
//! blocked them (the blocked list). A link ends when its reader stops being one of these.

use sea_orm::{DbErr, EntityTrait};

use crate::{
    families::{self, entities::bloqueo},
    state::AppState,
};

/// Whether `reader` may see the profile photo of `owner`.
pub async fn may_see(state: &AppState, owner: &str, reader: &str) -> Result<bool, DbErr> {
    if owner == reader {
        return Ok(true);
    }
    let mine = families::memberships(state, reader).await?;
    let theirs = families::memberships(state, owner).await?;
    if mine
        .iter()
        .any(|m| theirs.iter().any(|t| t.familia_id == m.familia_id))
    {
        return Ok(true);
    }
    Ok(
        bloqueo::Entity::find_by_id((reader.to_owned(), owner.to_owned()))
            .one(&state.db)
            .await?
            .is_some(),
    )
}
