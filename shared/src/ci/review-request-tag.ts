/**
 * The hidden tag on review-request comments posted by Goalie's CI integrations (the review-request
 * GitHub Action and the .goalie-review-request GitLab job): a review it starts has the event "CI".
 */
export const CI_REQUEST_TAG = '<!-- goalie:ci -->';
