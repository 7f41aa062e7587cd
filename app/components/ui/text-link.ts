/** Links inside running text are underlined, so they do not rely on colour alone. */
export const TEXT_LINK = "font-medium text-primary underline underline-offset-2 hover:no-underline";
