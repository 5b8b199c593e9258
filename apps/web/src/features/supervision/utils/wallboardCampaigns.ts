/** `?campaigns=1,2`: the campaigns to show (ids); anything unreadable is left out, none means all. */
export const wallboardCampaigns = (param: string | null): number[] =>
  (param ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
