/** The texts of the profile's help, about and suggestions pages, loaded only with them. */
export interface ProfilePagesTexts {
  suggestionsForm: {
    title: string;
    lead: string;
    category: string;
    categories: {
      none: string;
      idea: string;
      problema: string;
      otro: string;
    };
    message: string;
    hint: string;
    required: string;
    send: string;
    failed: string;
  };
  helpCentre: {
    title: string;
    lead: string;
    moreTitle: string;
    moreBody: string;
    contact: string;
    faq: string;
    suggest: string;
  };
  aboutNido: {
    title: string;
    whatTitle: string;
    what: string;
    open: string;
    version: string;
    languages: string;
    languagesValue: string;
    moreTitle: string;
  };
}
