// What a sentence says it acts *with* or where its control sits: "Delete X from its ⋮ menu", "Set the
// status using the bulk actions", "Approve it from the notification", "Use the ⋯ menu on 'X' to move
// it to Done". The row's closed menu and the selection's toolbar are found on the page when the
// action's control is not in sight (agent/builtin-agent.ts opens a row's menu), so the instrument says
// nothing the action needs: it is set aside. A menu with a name written like one ("from the File
// menu") is a menu path for a known verb, and stays.

const TOOLS = '(?:menu|actions|action\\s+menu|options|kebab|overflow|notification|toast|snackbar|banner|alert|pop-?up)';
const TOOL = (determiner: string, flags: string) =>
  new RegExp(
    // "... using the ⋮ menu on its row": where the tool is said too.
    `\\s+(?:from|in|on|via|using|with|through)\\s+(?:${determiner})\\s+(?:[^\\s,]+\\s+){0,3}?${TOOLS}(?:\\s+(?:on|in|of|for)\\s+(?:its|the|this|that)\\s+(?:row|item|line|card|entry))?$`,
    flags,
  );

/**
 * An unnamed one, in lower case ("from its ⋮ menu", "using the bulk actions"): "the" only before
 * words that are no names (nor quoted). No `i` flag: under it \p{Lu} matches any letter.
 */
const UNNAMED_TOOL = TOOL(
  "its|their|this|that|the\\s+row['’]s|the(?=\\s+(?:[^\\p{Lu}\\s\\uE000]\\S*\\s+)*[^\\p{Lu}\\s\\uE000]\\S*$)",
  'u',
);
/** Any one, named or not ("from the Actions menu"): for a verb that leads along no menu path. */
const ANY_TOOL = TOOL('its|their|this|that|the', 'i');

/** "Use the ⋮ menu on X to move it into Y": the action, on X. */
const USE_TOOL_ON =
  /^use\s+(?:the|its)\s+(?:[^\s,]+\s+){0,3}?(?:menu|actions|button|options)\s+(?:on|for|of|next\s+to)\s+(.+?)\s+to\s+([a-z][\w-]*)\s+(?:it|them)\b(.*)$/i;

/**
 * The part without the instrument it names; the part itself when it names none. `named`: a named
 * menu too ("from the Actions menu"), where the verb cannot be the start of a menu path.
 */
export function withoutInstrument(part: string, named = false): string {
  const use = USE_TOOL_ON.exec(part.trim());
  if (use) return `${use[2]} ${use[1]}${use[3]}`;
  const rest = part.replace(named ? ANY_TOOL : UNNAMED_TOOL, '');
  // "Tap on the hamburger menu": the menu is the object, not where the control is.
  return rest.trim().includes(' ') ? rest : part;
}
