/*
 * DGDL, both dialects in use, mapped by ProtocolParser onto one Protocol model.
 *
 *  - DGEP 2 ("current DGDL"):  game(id:X){ roles(..) participants(..) player(..) store(..) turntaking(..)
 *    backtracking(..) extURI(..) rule(..){..} interaction(..){..} }, effects end with ';'.
 *  - DGDL+ (DGEP 1, Agents United): System{Name{ turns{..} roles{..} players{..} player{..} backtrack{..}
 *    rule{id:.., scope:.., {..}} interaction{MoveID, $Addressee, {p}, "opener", {..}} }}, effects joined by '&'.
 *
 * Effects, conditions and content terms are shared by both dialects.
 */
grammar Dgdl;

file
    : game EOF
    | system EOF
    ;

/* ---------- DGEP 2 ---------- */

game
    : 'game' '(' 'id' ':' name ')' '{' gameItem* '}'
    ;

gameItem
    : 'roles' '(' nameList ')'                                                   # rolesDecl
    | 'participants' '(' 'min' ':' bound ',' 'max' ':' bound ')'                   # participantsDecl
    | 'player' '(' 'id' ':' name (',' playerAttr)* ')'                             # playerDecl
    | 'store' '(' 'id' ':' name ',' 'owner' ':' owners ',' 'structure' ':' structure
          ',' 'visibility' ':' visibility (',' contentList)? ')'                   # storeDecl
    | 'turntaking' '(' turnOrder ')'                                               # turnTakingDecl
    | 'backtracking' '(' onOff ')'                                                 # backtrackingDecl
    | 'extURI' '(' 'id' ':' name ',' 'uri' ':' STRING ')'                          # extUriDecl
    | 'rule' '(' 'id' ':' name ',' 'scope' ':' scope ')' body                      # ruleDecl
    | 'interaction' '(' 'id' ':' name (',' interactionAttr)* ')' body              # interactionDecl
    ;

playerAttr
    : 'roles' ':' '{' nameList '}'     # playerRoles
    | 'min' ':' bound                  # playerMin
    | 'max' ':' bound                  # playerMax
    ;

interactionAttr
    : 'addressee' ':' '$'? name        # interactionAddressee
    | 'content' ':' contentList        # interactionContent
    | 'opener' ':' STRING              # interactionOpener
    ;

body
    : '{' statement* '}'
    ;

statement
    : effect ';'
    | conditional
    ;

conditional
    : 'if' '(' conditions ')' 'then'? body elseIf* elseBranch? ';'?
    ;

elseIf
    : 'elseif' ( '(' conditions ')' | conditions ) 'then'? body
    ;

elseBranch
    : 'else' body
    ;

/* ---------- DGDL+ (DGEP 1) ---------- */

system
    : 'System' '{' name '{' systemItem* '}' '}'
    ;

systemItem
    : 'turns' '{' turnAttr (',' turnAttr)* '}'                                     # turnsDecl
    | 'roles' '{' nameList '}'                                                     # plusRolesDecl
    | 'players' '{' 'min' ':' bound ',' 'max' ':' bound '}'                        # playersDecl
    | 'player' '{' 'id' ':' name (',' plusPlayerAttr)* '}'                         # plusPlayerDecl
    | 'store' '{' 'id' ':' name ',' 'owner' ':' owners ',' 'structure' ':' structure
          ',' 'visibility' ':' visibility (',' contentList)? '}'                   # plusStoreDecl
    | 'backtrack' '{' onOff '}'                                                    # backtrackDecl
    | 'extURI' '{' 'id' ':' name ',' 'uri' ':' STRING '}'                          # plusExtUriDecl
    | 'rule' '{' 'id' ':' name ',' 'scope' ':' scope ',' plusBody '}'              # plusRuleDecl
    | 'interaction' '{' name (',' '$' name)? (',' contentList)? (',' STRING)? ',' plusBody '}'  # plusInteractionDecl
    ;

turnAttr
    : 'magnitude' ':' name             # magnitudeAttr
    | 'ordering' ':' turnOrder         # orderingAttr
    | 'max' ':' bound                  # maxTurnsAttr
    ;

plusPlayerAttr
    : 'roles' '{' nameList '}'         # plusPlayerRoles
    | 'min' ':' bound                  # plusPlayerMin
    | 'max' ':' bound                  # plusPlayerMax
    ;

plusBody
    : '{' (plusStatement ('&' plusStatement)*)? '}'
    ;

plusStatement
    : effect
    | plusConditional
    ;

plusConditional
    : 'if' '(' conditions ')' 'then'? plusBody plusElseIf* ('else' plusBody)?
    ;

plusElseIf
    : 'elseif' ( '(' conditions ')' | conditions ) 'then'? plusBody
    ;

/* ---------- shared: effects, conditions, terms ---------- */

effect
    : 'move' '(' moveAction ',' moveTime ',' name (',' '$' name)? (',' contentList)? (',' name)? ')'   # moveEffect
    | 'store' '(' storeAction ',' contentList ',' name ')'                                          # storeEffect
    | 'status' '(' statusValue ',' name ')'                                                         # statusEffect
    | 'assign' '(' name ',' name ')'                                                                # assignEffect
    | 'unassign' '(' name ',' name ')'                                                              # unassignEffect
    | 'save' '(' contentList ',' runtimeVar ')'                                                      # saveEffect
    ;

conditions
    : condition (('&&' | '&') condition)*
    ;

condition
    : '!'? requirement
    ;

requirement
    : 'event' '(' eventTime ',' name (',' contentList)? (',' name)? ')'                               # eventRequirement
    | 'inrole' '(' name ',' name ')'                                                                  # inRoleRequirement
    | 'inspect' '(' inspectPosition ',' contentList ',' name (',' name)? (',' storeTime)? ')'          # inspectRequirement
    | 'uriTest' '(' name ')'                                                                          # uriTestRequirement
    ;

contentList
    : '{' (term (',' term)*)? '}'
    ;

term
    : '!'? name          # variableTerm
    | STRING             # literalTerm
    | runtimeVar         # runtimeTerm
    ;

runtimeVar
    : '$' name '$'
    ;

owners
    : name
    | '{' nameList '}'
    ;

nameList
    : name (',' name)*
    ;

bound         : INT | 'undefined' ;
structure     : 'set' | 'queue' | 'stack' ;
visibility    : 'public' | 'private' ;
turnOrder     : 'strict' | 'liberal' ;
onOff         : 'on' | 'off' ;
scope         : 'initial' | 'turnwise' | 'movewise' ;
moveAction    : 'add' | 'delete' ;
moveTime      : 'next' | 'future' ;
storeAction   : 'add' | 'remove' | 'empty' ;
statusValue   : 'active' | 'inactive' | 'complete' | 'incomplete' | 'terminate' ;
eventTime     : 'last' | 'past' ;
inspectPosition : 'in' | 'on' | 'top' ;
storeTime     : 'initial' | 'past' | 'current' ;

// Soft keywords that may still name a player, role, move or variable.
name
    : NAME
    | 'id' | 'min' | 'max' | 'owner' | 'uri' | 'scope' | 'content' | 'opener' | 'addressee'
    | 'magnitude' | 'ordering' | 'roles' | 'players' | 'turns' | 'strict' | 'liberal' | 'active'
    ;

NAME    : [a-zA-Z_] [a-zA-Z0-9_\-]* ;
INT     : [0-9]+ ;
STRING  : '"' ( '\\' . | ~["\\\r\n] )* '"' ;

BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
LINE_COMMENT  : '//' ~[\r\n]* -> skip ;
WS            : [ \t\r\n\f]+ -> skip ;

// Anything else is reported by the parser with its position instead of being dropped silently.
UNKNOWN : . ;
