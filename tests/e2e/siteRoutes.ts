// Every route of the site, for the sweeps that visit them all (accessibility, CSP and console errors).
export const ROUTES = ['/', '/about', '/login', '/search', '/yesform', '/noform', '/1', '/1?tab=topics', '/1?tab=voting', '/2', '/votingPAUSD', '/no-such-page', '/states/CA', '/states/WY', '/confirm', '/unsubscribe', '/search/records', '/search/records?q=budget', '/1/members/daniel-whitfield'];
